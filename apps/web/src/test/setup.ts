import { loadToastView } from '../components/toaster';
import { loadCatalogue } from '../i18n/messages';

// jsdom lacks several browser APIs that Radix and the app use; these stand-ins
// are just enough for components to mount and react to events in tests.

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

URL.createObjectURL ??= () => 'blob:stub';
URL.revokeObjectURL ??= () => {};

// The router scrolls on navigation and checks loader results against `Response`,
// neither of which the jsdom environment provides.
window.scrollTo = () => {};
if (typeof globalThis.Response === 'undefined') {
  globalThis.Response = class Response {} as unknown as typeof globalThis.Response;
}

// The app fetches a language's messages when it is first shown; tests render
// synchronously, so both catalogues are fetched here, before any test runs.
void loadCatalogue('en');
void loadCatalogue('ar');
// The same for the toast's drawing, which the app fetches with the first toast (components/toaster.tsx).
void loadToastView();
