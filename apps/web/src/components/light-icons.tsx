/**
 * A few Tabler icons (MIT) drawn inline for the public pages. @tabler/icons-react would add its runtime
 * chunk to the login route, which has a 150 kB gzip budget (design.md §11); the signed-in screens use the package.
 */
type IconProps = { size?: number };

function Svg({ size = 20, paths }: { size?: number; paths: string[] }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const CIRCLE = 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0';

export const EyeIcon = ({ size }: IconProps) => (
  <Svg size={size} paths={['M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0', 'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6']} />
);
export const EyeOffIcon = ({ size }: IconProps) => (
  <Svg
    size={size}
    paths={[
      'M10.585 10.587a2 2 0 0 0 2.829 2.828',
      'M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87',
      'M3 3l18 18',
    ]}
  />
);
export const AlertCircleIcon = ({ size }: IconProps) => <Svg size={size} paths={[CIRCLE, 'M12 8v4', 'M12 16h.01']} />;
export const CircleCheckIcon = ({ size }: IconProps) => <Svg size={size} paths={[CIRCLE, 'M9 12l2 2l4 -4']} />;
export const InfoCircleIcon = ({ size }: IconProps) => <Svg size={size} paths={[CIRCLE, 'M12 9h.01', 'M11 12h1v4h1']} />;
export const BriefcaseIcon = ({ size }: IconProps) => (
  <Svg size={size} paths={['M3 9a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v9a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2l0 -9', 'M8 7v-2a2 2 0 0 1 2 -2h4a2 2 0 0 1 2 2v2', 'M12 12l0 .01', 'M3 13a20 20 0 0 0 18 0']} />
);
export const FileTextIcon = ({ size }: IconProps) => (
  <Svg size={size} paths={['M14 3v4a1 1 0 0 0 1 1h4', 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2', 'M9 9l1 0', 'M9 13l6 0', 'M9 17l6 0']} />
);
export const PhoneCallIcon = ({ size }: IconProps) => (
  <Svg size={size} paths={['M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5l1.5 -2.5l5 2v4a2 2 0 0 1 -2 2a16 16 0 0 1 -15 -15a2 2 0 0 1 2 -2', 'M15 7a2 2 0 0 1 2 2', 'M15 3a6 6 0 0 1 6 6']} />
);
