'use client';

import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { wrapIndex, swipeDirection } from '@/lib/home/steps';
import styles from './StepSelector.module.css';

/** `picture` is the step's image, rendered on the server (so no image code ships to the client). */
export type StepView = { title: string; description: string; picture: ReactNode; label: string; dotLabel: string };

/**
 * How It Works: steps 1–2 on the left, 3–4 on the right, the current step's picture in
 * the middle. A card, a dot, or a horizontal swipe/drag of more than 50 px on the picture
 * selects a step (leftwards forward, rightwards back), wrapping at both ends.
 */
export function StepSelector({
  steps,
  stepsLabel,
  swipeHint,
}: {
  steps: StepView[];
  stepsLabel: string;
  swipeHint: string;
}) {
  const [current, setCurrent] = useState(0);
  const [direction, setDirection] = useState<1 | -1>(1);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  const select = (index: number, dir?: 1 | -1) => {
    const next = wrapIndex(index, steps.length);
    if (next === current) return;
    setDirection(dir ?? (next > current ? 1 : -1));
    setCurrent(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const begin = start.current;
    start.current = null;
    if (!begin || begin.id !== event.pointerId) return;
    const move = swipeDirection(event.clientX - begin.x, event.clientY - begin.y);
    if (move) select(current + move, move);
  };

  const card = (index: number) => {
    const step = steps[index];
    if (!step) return null;
    const selected = index === current;
    return (
      <li key={step.title}>
        <button type="button" className={styles.card} aria-pressed={selected} onClick={() => select(index)}>
          <span className={styles.number} aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <span className={styles.cardText}>
            <span className={styles.stepLabel} data-step-label="">
              {step.label}
            </span>
            <span className={styles.cardTitle}>{step.title}</span>
            <span className={styles.cardDescription}>{step.description}</span>
          </span>
        </button>
      </li>
    );
  };

  const active = steps[current]!;

  return (
    <div className={styles.layout} role="group" aria-label={stepsLabel}>
      <ul className={`${styles.column} ${styles.left}`}>{[0, 1].map(card)}</ul>
      <div className={styles.stage}>
        <div
          className={styles.picture}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          data-testid="step-picture"
        >
          <div key={current} className={styles.slide} data-direction={direction}>
            {active.picture}
          </div>
        </div>
        <p className="visually-hidden">{swipeHint}</p>
        <div className={styles.dots}>
          {steps.map((step, index) => (
            <button
              key={step.title}
              type="button"
              className={styles.dot}
              aria-label={step.dotLabel}
              aria-pressed={index === current}
              onClick={() => select(index)}
            />
          ))}
        </div>
        <p className={styles.live} aria-live="polite">
          {active.label}: {active.title}
        </p>
      </div>
      <ul className={`${styles.column} ${styles.right}`}>{[2, 3].map(card)}</ul>
    </div>
  );
}
