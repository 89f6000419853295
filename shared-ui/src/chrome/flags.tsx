// Small flags for the language switcher, drawn here (no emoji, no images to load).

/** United Kingdom: St Andrew's, St Patrick's (counterchanged) and St George's crosses, 2:1. */
export function FlagUK() {
  return (
    <svg className="pt-flag" viewBox="0 0 60 30" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0L60 30M60 0L0 30" stroke="#ffffff" strokeWidth="6" />
      {/* The red saltire sits off-centre, turning the same way round the centre in every quarter. */}
      <path
        d="M-0.45 0.89L29.55 15.89M59.55 -0.89L29.55 14.11M60.45 29.11L30.45 14.11M0.45 30.89L30.45 15.89"
        stroke="#c8102e"
        strokeWidth="2"
      />
      <path d="M30 0V30M0 15H60" stroke="#ffffff" strokeWidth="10" />
      <path d="M30 0V30M0 15H60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}

/** Italy: green, white and red vertical bands. */
export function FlagIT() {
  return (
    <svg className="pt-flag" viewBox="0 0 3 2" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect width="1" height="2" fill="#009246" />
      <rect x="1" width="1" height="2" fill="#ffffff" />
      <rect x="2" width="1" height="2" fill="#ce2b37" />
    </svg>
  );
}
