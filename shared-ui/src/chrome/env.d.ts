// Ambient declarations for the chrome: stylesheets imported as strings (rspack `asset/source`) and the
// build-time version label (rspack DefinePlugin).
declare module '*.css' {
  const css: string;
  export default css;
}

/** The portal version from the root package.json, e.g. "0.1.2". */
declare const __PORTAL_VERSION__: string;
