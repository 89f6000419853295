// Form controls (issue 5): percent, currency, date, email, and the field wrapper. Work package: forms and tour.
export {};
