/** The Infinitum mark: an infinity loop drawn as one stroke, with the word beside it. */
export function Logo({
  height = 40,
  withWord = true,
  light = false,
}: {
  height?: number;
  withWord?: boolean;
  light?: boolean;
}) {
  const ink = light ? '#ffffff' : '#00405c';
  return (
    <svg
      role="img"
      aria-label="Infinitum"
      height={height}
      // An explicit width keeps the mark where it is placed instead of centred in a stretched box.
      width={(height * (withWord ? 220 : 64)) / 48}
      viewBox={withWord ? '0 0 220 48' : '0 0 64 48'}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>Infinitum</title>
      <path
        d="M32 24c-6-8-11-12-17-12a12 12 0 0 0 0 24c6 0 11-4 17-12s11-12 17-12a12 12 0 0 1 0 24c-6 0-11-4-17-12z"
        fill="none"
        stroke="#00a2e8"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="49" cy="24" r="4" fill={ink} />
      {withWord && (
        <text
          x="72"
          y="33"
          fill={ink}
          fontFamily="Inter, Segoe UI, Helvetica, Arial, sans-serif"
          fontSize="30"
          fontWeight="700"
          letterSpacing="0.5"
        >
          Infinitum
        </text>
      )}
    </svg>
  );
}
