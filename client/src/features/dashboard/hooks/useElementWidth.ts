// Moved to components/: the monitoring screens measure with it too. Kept here so dashboard imports stay as they are.
export * from '../../../components/useElementWidth';
