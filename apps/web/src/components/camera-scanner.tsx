import { Box, Button, Callout, Card, Flex, Spinner, Text, VisuallyHidden } from '@radix-ui/themes';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReadResult, ReaderOptions } from 'zxing-wasm/reader';
import {
  cameraProblemOf,
  frameTexts,
  READER_OPTIONS,
  SCAN_INTERVAL_MS,
  ScanDeduplicator,
  SCANNER_CONSTRAINTS,
  type CameraProblem,
} from '../lib/barcode-scan';
import { WarningIcon } from './icons';

export interface CameraScannerProps {
  /**
   * Called once per distinct code read (see `scanText` in lib/barcode-scan.ts and its de-duplication rule).
   * EAN-13, EAN-8, UPC-A and plain Code 128 / QR / DataMatrix: the content as it is, e.g. `5012345678900`
   * or a GS1 Digital Link URL — except digits a plain Code 128 (or QR, DataMatrix) holds that would pass
   * for a product code, which keep their symbology identifier (`]C042094043`) so no GTIN is made of them.
   * GS1 content (GS1 DataMatrix, GS1 QR, GS1-128): its AIM symbology identifier (`]d2`, `]Q3`, `]C1`), GS
   * (U+001D) for FNC1 in first position, then the raw element string — no parentheses, GS after a value
   * whose AI needs it — e.g. `]d2` + GS + `010950110153000317271231` + `10LOT-42`.
   * The GS1 parser (`@pharmacy/barcodes`), shared by the server and the web, reads this form.
   */
  onDetected(text: string): void;
  onError?(error: CameraProblem): void;
}

type Status = 'starting' | 'scanning' | CameraProblem;

type ReadBarcodes = (image: ImageData, options: ReaderOptions) => Promise<ReadResult[]>;

let reader: Promise<ReadBarcodes> | null = null;

/**
 * Loads the decoder once per page (about 1 MB of WebAssembly); a failed load is tried again next time.
 * The WebAssembly is bundled with the app (a hashed file under /assets, found through Vite's `?url`) and
 * fetched from our own server: left to itself, zxing-wasm would download it from the jsDelivr CDN.
 * Both imports are dynamic so that nothing is downloaded before a scanner mounts (and so that tests in
 * jsdom, where `?url` means nothing, can still render the component).
 */
function loadReader(): Promise<ReadBarcodes> {
  reader ??= Promise.all([import('zxing-wasm/reader'), import('zxing-wasm/reader/zxing_reader.wasm?url')])
    .then(async ([{ prepareZXingModule, readBarcodes }, { default: wasmUrl }]) => {
      const locateFile = (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path);
      await prepareZXingModule({ overrides: { locateFile }, fireImmediately: true });
      return readBarcodes;
    })
    .catch((error: unknown) => {
      reader = null;
      throw error;
    });
  return reader;
}

function supported(): boolean {
  return (
    window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function' && 'WebAssembly' in window
  );
}

// Inline styles with logical properties, so the frame sits the same way in English and Arabic.
const viewportStyle: CSSProperties = {
  position: 'relative',
  overflow: 'hidden',
  borderRadius: 'var(--radius-3)',
  backgroundColor: 'var(--gray-12)',
  aspectRatio: '16 / 9',
};
const videoStyle: CSSProperties = { display: 'block', inlineSize: '100%', blockSize: '100%', objectFit: 'cover' };
const viewfinderStyle: CSSProperties = {
  position: 'absolute',
  insetBlock: '18%',
  insetInline: '14%',
  border: '3px solid var(--accent-9)',
  borderRadius: 'var(--radius-4)',
  boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.35)',
  pointerEvents: 'none',
};
const overlayStyle: CSSProperties = { position: 'absolute', inset: 0 };

/**
 * A live camera view that reads barcodes: the rear camera where there is one, a few frames a second decoded
 * by zxing-wasm (EAN-13/EAN-8/UPC-A, Code 128, DataMatrix and QR, GS1 included). The camera stops when the
 * scanner goes away.
 */
export function CameraScanner({ onDetected, onError }: CameraScannerProps) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, so a parent that re-renders does not restart the camera.
  const callbacks = useRef({ onDetected, onError });
  useEffect(() => {
    callbacks.current = { onDetected, onError };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const fail = (problem: CameraProblem) => {
      if (stopped) return;
      stream?.getTracks().forEach((track) => track.stop());
      setStatus(problem);
      callbacks.current.onError?.(problem);
    };

    const scan = (readBarcodes: ReadBarcodes, element: HTMLVideoElement) => {
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const dedupe = new ScanDeduplicator();
      const tick = async () => {
        if (stopped) return;
        if (context && element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          if (canvas.width !== element.videoWidth) canvas.width = element.videoWidth;
          if (canvas.height !== element.videoHeight) canvas.height = element.videoHeight;
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          try {
            const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), READER_OPTIONS);
            if (stopped) return;
            for (const text of dedupe.next(frameTexts(results), performance.now())) callbacks.current.onDetected(text);
          } catch {
            // A frame the decoder could not take (out of memory, a resize under way): try the next one.
          }
        }
        if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };

    const start = async () => {
      setStatus('starting');
      if (!supported()) return fail('unsupported');
      // The decoder downloads while the person answers the permission prompt.
      const decoder = loadReader();
      decoder.catch(() => {});
      try {
        stream = await navigator.mediaDevices.getUserMedia(SCANNER_CONSTRAINTS);
      } catch (error) {
        return fail(cameraProblemOf(error));
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      let readBarcodes: ReadBarcodes;
      try {
        readBarcodes = await decoder;
      } catch {
        return fail('unsupported');
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      try {
        await element.play();
      } catch {
        // Autoplay of a muted inline video is always allowed; a rejected play() means the element was
        // removed or given a new source, which the cleanup below handles.
      }
      if (stopped) return;
      setStatus('scanning');
      scan(readBarcodes, element);
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (video.current) video.current.srcObject = null;
    };
  }, [attempt]);

  const failed = status === 'permission' || status === 'unavailable' || status === 'unsupported';
  return (
    // A region named for what it is, so a screen reader can find the scanner and knows what it is in.
    <section aria-label={intl.formatMessage({ id: 'scanner.title' })}>
      {/* One live region for the scanner's life: told when the camera is starting and when it is reading. A
          problem is said by the alert below. */}
      <VisuallyHidden role="status">
        {status === 'starting' && <FormattedMessage id="scanner.starting" />}
        {status === 'scanning' && <FormattedMessage id="scanner.ready" />}
      </VisuallyHidden>
      {failed ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Flex direction="column" gap="2" align="start">
            <Text weight="bold" size="2">
              <FormattedMessage id="products.photo.cameraError.title" />
            </Text>
            <Callout.Text>
              {status === 'permission' && <FormattedMessage id="scanner.error.permission" />}
              {status === 'unavailable' && <FormattedMessage id="scanner.error.unavailable" />}
              {status === 'unsupported' && <FormattedMessage id="scanner.error.unsupported" />}
            </Callout.Text>
            {status !== 'unsupported' && (
              <Button size="2" variant="soft" color="red" onClick={() => setAttempt((count) => count + 1)}>
                <FormattedMessage id="common.retry" />
              </Button>
            )}
          </Flex>
        </Callout.Root>
      ) : (
        <Card variant="surface" data-scanner-status={status}>
          <Flex direction="column" gap="2">
            <Box style={viewportStyle}>
              <video
                ref={video}
                style={videoStyle}
                autoPlay
                muted
                playsInline
                aria-label={intl.formatMessage({ id: 'scanner.preview' })}
              />
              {status === 'scanning' ? (
                <Box style={viewfinderStyle} aria-hidden="true" />
              ) : (
                // Shown over the picture; read out by the live region above.
                <Flex style={overlayStyle} align="center" justify="center" gap="2" aria-hidden="true">
                  <Spinner size="3" style={{ color: 'white' }} />
                  <Text size="2" style={{ color: 'white' }}>
                    <FormattedMessage id="scanner.starting" />
                  </Text>
                </Flex>
              )}
            </Box>
            <Text size="2" color="gray" align="center">
              <FormattedMessage id="scanner.hint" />
            </Text>
          </Flex>
        </Card>
      )}
    </section>
  );
}

export type { CameraProblem } from '../lib/barcode-scan';
