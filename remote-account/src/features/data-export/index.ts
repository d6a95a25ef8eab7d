// The data export feature as other features see it: the Profile section that downloads "my data".
export { DataExportSection } from './components/data-export-section';
