export { DateRangePicker } from './DateRangePicker';
export { apiDate, defaultRange, PRESETS, summarise, type DateRange } from './range';
