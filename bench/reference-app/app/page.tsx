/**
 * The framework's floor: the same Next.js and React as the site, server-rendered, no client
 * component of its own, about as much text as a search page shows on a phone. What Lighthouse
 * finds here (the router and React hydrating) every page of the site pays before its own work.
 */
const PARAGRAPHS = Array.from(
  { length: 40 },
  (_, i) =>
    `Paragraph ${i + 1}: a holiday house by the sea with a garden, room for six guests, ` +
    'a fireplace and a bicycle shed, a short walk from the dunes and the village.',
);

export default function Page() {
  return (
    <main>
      <h1>Reference page</h1>
      {PARAGRAPHS.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </main>
  );
}
