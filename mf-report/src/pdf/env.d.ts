// rspack's asset/resource rule (rspack.config.ts) turns a .ttf import into the URL of the emitted file.
declare module '*.ttf' {
  const url: string;
  export default url;
}

// svg2pdf.js's "main" is a UMD file that Node's ES loader cannot import; its ES build works in both the browser
// and Node (STACK.md), with the package's own types.
declare module 'svg2pdf.js/dist/svg2pdf.es.min.js' {
  export { svg2pdf } from 'svg2pdf.js';
}
