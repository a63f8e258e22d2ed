const COLORS = ["#1f4fd1", "#0b7a5c", "#a3461b", "#7a2fb0", "#b0233f", "#2a6f97"];

const initialsOf = (first: string, last: string) => `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || "?";

/** Initials on a colour picked from the name, or the photo when a URL is given. */
export function Avatar({ first, last, src, size = 36 }: { first: string; last: string; src?: string | null; size?: number }) {
  const color = COLORS[(first.length * 7 + last.length) % COLORS.length];
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img className="avatar" src={src} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  }
  return (
    <span className="avatar" aria-hidden="true" style={{ width: size, height: size, background: color, fontSize: Math.round(size * 0.38) }}>
      {initialsOf(first, last)}
    </span>
  );
}
