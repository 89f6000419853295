// The guided tour (issue 5, spec data-and-admin sections 2 and 4). Work package: forms and tour.
export {};
