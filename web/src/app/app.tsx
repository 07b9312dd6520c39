import { useEffect, useState } from 'react';

export function App() {
  const [health, setHealth] = useState<string>('…');
  useEffect(() => {
    fetch('/api/health')
      .then((r) => r.json())
      .then((b: { status: string }) => setHealth(b.status))
      .catch(() => setHealth('offline'));
  }, []);
  return (
    <main>
      <h1>Schrankwerk</h1>
      <p data-testid="health">{health}</p>
    </main>
  );
}
