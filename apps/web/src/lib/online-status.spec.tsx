import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useOnlineStatus } from './online-status';

let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  jest.restoreAllMocks();
});

function goOffline() {
  online = false;
  window.dispatchEvent(new Event('offline'));
}

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

describe('useOnlineStatus', () => {
  it('is what the browser says when the component mounts', () => {
    expect(renderHook(() => useOnlineStatus()).result.current).toBe(true);
    online = false;
    expect(renderHook(() => useOnlineStatus()).result.current).toBe(false);
  });

  it('follows the browser going offline and back online', () => {
    const { result } = renderHook(() => useOnlineStatus());
    act(goOffline);
    expect(result.current).toBe(false);
    act(goOnline);
    expect(result.current).toBe(true);
  });

  it('stops listening when the component unmounts', () => {
    const removed = jest.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useOnlineStatus());
    unmount();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  });
});
