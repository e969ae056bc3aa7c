import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCANNER_CONSTRAINTS } from '../lib/barcode-scan';
import { renderWithProviders } from '../test/render';
import { CameraScanner, type CameraProblem } from './camera-scanner';

// jsdom has neither a camera nor a way to decode video: these tests cover what the scanner says when the
// camera cannot be used. Decoding is covered in a real Chromium by test/browser/camera-scanner.browser.spec.ts.

type GetUserMedia = (constraints?: MediaStreamConstraints) => Promise<MediaStream>;

function withCamera(getUserMedia: GetUserMedia) {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

afterEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
});

function renderScanner(language: 'en' | 'ar' = 'en') {
  const onDetected = jest.fn<(text: string) => void>();
  const onError = jest.fn<(error: CameraProblem) => void>();
  renderWithProviders(<CameraScanner onDetected={onDetected} onError={onError} />, { language });
  return { onDetected, onError };
}

describe('CameraScanner', () => {
  it('says the browser cannot scan when it has no camera API', async () => {
    const { onError } = renderScanner();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Camera Error')).toBeTruthy();
    expect(within(alert).getByText(/This browser cannot read barcodes with the camera/)).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(onError).toHaveBeenCalledWith('unsupported');
  });

  it('asks for the rear camera, says when access is refused, and asks again on request', async () => {
    const getUserMedia = jest
      .fn<GetUserMedia>()
      .mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    withCamera(getUserMedia);
    const { onError, onDetected } = renderScanner();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Unable to access the camera/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(SCANNER_CONSTRAINTS);
    expect(onError).toHaveBeenCalledWith('permission');

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onDetected).not.toHaveBeenCalled();
  });

  it('says in Arabic when no camera can be started', async () => {
    withCamera(jest.fn<GetUserMedia>().mockRejectedValue(new DOMException('No camera', 'NotFoundError')));
    const { onError } = renderScanner('ar');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('خطأ في الكاميرا')).toBeTruthy();
    expect(within(alert).getByText(/تعذّر تشغيل الكاميرا/)).toBeTruthy();
    expect(onError).toHaveBeenCalledWith('unavailable');
    // Still a named region; its live status no longer says the camera is starting (the alert speaks).
    const region = screen.getByRole('region', { name: 'ماسح الباركود بالكاميرا' });
    expect(within(region).getByRole('status').textContent).toBe('');
  });

  it('shows that the camera is starting while it waits for permission', () => {
    withCamera(() => new Promise<MediaStream>(() => {}));
    renderScanner();
    // In a region named for the scanner, in a live region that stays while the scanner is shown.
    const region = screen.getByRole('region', { name: 'Camera barcode scanner' });
    expect(within(region).getByRole('status').textContent).toBe('Starting the camera...');
    expect(screen.getByLabelText('Barcode camera')).toBeTruthy();
  });
});
