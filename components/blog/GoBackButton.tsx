'use client';

/**
 * The not-found article's Go Back button. It sits in a form that leads to the blog, so it works before (or
 * without) JavaScript; once the page runs, it goes back one step in history when there is one.
 */
export function GoBackButton({ label, className, blogPath }: { label: string; className?: string; blogPath: string }) {
  return (
    <form action={blogPath} method="get">
      <button
        type="submit"
        className={className}
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            window.history.back();
          }
        }}
      >
        {label}
      </button>
    </form>
  );
}
