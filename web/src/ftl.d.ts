// Fluent catalogues are bundled as text (esbuild's text loader).
declare module '*.ftl' {
  const source: string;
  export default source;
}
