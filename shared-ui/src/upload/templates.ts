// The movement import's templates of docs/import, bundled as static files of shared-ui (the build emits them with a
// hashed name), so every upload dialog of movements (mf-financial, the middle office) links the very files the README
// documents.
export const MOVEMENT_TEMPLATE_CSV = new URL('../../../docs/import/movement-template.csv', import.meta.url).href;
export const MOVEMENT_TEMPLATE_XLSX = new URL('../../../docs/import/movement-template.xlsx', import.meta.url).href;
export const MOVEMENT_SAMPLE_CSV = new URL('../../../docs/import/movement-sample.csv', import.meta.url).href;
