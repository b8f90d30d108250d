import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { NEAR_VIEWPORT_MARGIN, NearViewport } from './NearViewport';

/** jsdom lays nothing out: this observer reports only what a test tells it to. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe() {}
  disconnect() {}
  intersect() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const panels = () =>
  renderWithTheme(
    <>
      <NearViewport height="400px">
        <button>first panel</button>
      </NearViewport>
      <NearViewport height="300px">
        <button>second panel</button>
      </NearViewport>
    </>,
  );

test('holds the place until the part comes near the screen, then renders it and keeps it', () => {
  const { container } = panels();
  expect(screen.queryByText('first panel')).toBeNull();
  expect(container.querySelectorAll('[data-deferred]')).toHaveLength(2);
  expect(FakeObserver.all[0].options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
  act(() => FakeObserver.all[0].intersect());
  expect(screen.getByText('first panel')).toBeTruthy();
  expect(screen.queryByText('second panel')).toBeNull();
});

test("a keyboard reader's Tab renders every waiting part before the focus moves", () => {
  panels();
  fireEvent.keyDown(window, { key: 'a' });
  expect(screen.queryByText('second panel')).toBeNull();
  fireEvent.keyDown(window, { key: 'Tab' });
  expect(screen.getByText('first panel')).toBeTruthy();
  expect(screen.getByText('second panel')).toBeTruthy();
});

test('printing renders every waiting part', () => {
  panels();
  act(() => {
    window.dispatchEvent(new Event('beforeprint'));
  });
  expect(screen.getByText('first panel')).toBeTruthy();
  expect(screen.getByText('second panel')).toBeTruthy();
});

test('without IntersectionObserver the parts render at once', () => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
  panels();
  expect(screen.getByText('second panel')).toBeTruthy();
});
