/**
 * The phone form (below the md breakpoint): every row is a card of 'label value' lines, so every column is
 * readable at 390 px without sideways scrolling; the column headers become a line of sort buttons. Same DOM
 * (a table) at every width: only the CSS differs.
 */
export const PHONE_FORM = {
  '@media screen and (max-width: 47.99em)': {
    '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: '1', alignItems: 'center', pb: '2' },
    '& thead th': { display: 'block', border: 'none', px: '1', py: '0', textAlign: 'start' },
    '& tbody': { display: 'block' },
    '& tbody tr': {
      display: 'block',
      border: '1px solid',
      borderColor: 'gray.200',
      borderRadius: 'md',
      mb: '2',
      px: '3',
      py: '2',
      bg: 'white',
    },
    '& tbody td': {
      display: 'block',
      border: 'none',
      px: '0',
      py: '1',
      textAlign: 'start',
      whiteSpace: 'normal',
      minW: '0',
    },
    // Striped rows shade cells; a card is one white block.
    '& tbody tr:nth-of-type(odd) td': { bg: 'transparent' },
    '& tbody td[data-label]': {
      display: 'grid',
      gridTemplateColumns: 'minmax(5.5rem, 35%) minmax(0, 1fr)',
      gap: '2',
      alignItems: 'start',
      overflowWrap: 'anywhere',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 'semibold',
      color: 'gray.600',
      fontSize: 'xs',
      pt: '0.5',
    },
  },
} as const;

/** The phone form for a table whose headers sort nothing: the labels are on every card, so no header line. */
export const PHONE_FORM_NO_HEAD = {
  '@media screen and (max-width: 47.99em)': {
    ...PHONE_FORM['@media screen and (max-width: 47.99em)'],
    '& thead': { display: 'none' },
  },
} as const;
