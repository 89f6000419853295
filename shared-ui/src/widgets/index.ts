// Embeddable widgets (issue 5): custom elements made from React components with @r2wc/react-to-web-component,
// defined once here, used by the pages themselves. Work package: charts and widgets.
export {};
