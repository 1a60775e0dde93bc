/** Vite's `?url` imports: the asset's served address (the pdf.js worker). */
declare module '*?url' {
  const url: string;
  export default url;
}
