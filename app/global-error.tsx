"use client";

export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="ru">
      <body style={{ fontFamily: "system-ui, sans-serif", display: "grid", placeItems: "center", minHeight: "100dvh" }}>
        <main id="main" style={{ textAlign: "center" }}>
          <h1>Что-то пошло не так</h1>
          <p>Попробуйте обновить страницу.</p>
          <button onClick={() => reset()}>Попробовать снова</button>
        </main>
      </body>
    </html>
  );
}
