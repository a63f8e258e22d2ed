import { Counter } from "./counter";

/** The least a Next.js page with interactivity costs: a heading, a paragraph, one client component. */
export default function Page() {
  return (
    <main>
      <h1>Floor</h1>
      <p>A bare Next.js page with one client component, the floor bench:pages compares each page with.</p>
      <Counter />
    </main>
  );
}
