import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRaisedAfterPaint } from '../useRaisedAfterPaint';

describe('useRaisedAfterPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a rise only in the task after the next frame, and a fall at once', () => {
    const { result, rerender } = renderHook(({ value }) => useRaisedAfterPaint(value), {
      initialProps: { value: 10 },
    });
    expect(result.current).toBe(10);
    rerender({ value: 20 });
    // The commit that brings the change, and the frame that paints it, keep the old value.
    expect(result.current).toBe(10);
    act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(10);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(20);
    rerender({ value: 0 });
    expect(result.current).toBe(0);
  });

  it('drops a rise that a fall overtook before its paint', () => {
    const { result, rerender } = renderHook(({ value }) => useRaisedAfterPaint(value), {
      initialProps: { value: 10 },
    });
    rerender({ value: 30 });
    rerender({ value: 0 });
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(0);
  });
});
