import { useEffect, useRef } from 'react';

export interface ErrorPanelProps {
  /** Called by 'Go to the home page'; the page passes a navigation to '/'. */
  onGoHome: () => void;
}

export function ErrorPanel({ onGoHome }: ErrorPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The panel replaces the page, so focus would otherwise be lost on a removed node.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="pn-panel pn-error" part="error-panel">
      <h2 className="pn-panel__title" tabIndex={-1} ref={headingRef}>
        Something went wrong.
      </h2>
      <p className="pn-panel__text">
        We apologise and are fixing the problem. Please try again later.
      </p>
      <button
        type="button"
        className="pn-button pn-button--primary"
        part="button home-button"
        onClick={onGoHome}
      >
        Go to the home page
      </button>
    </div>
  );
}
