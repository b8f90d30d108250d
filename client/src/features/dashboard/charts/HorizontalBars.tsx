// Moved to components/: the monitoring screens draw with it too. Kept here so dashboard imports stay as they are.
export * from '../../../components/charts/HorizontalBars';
