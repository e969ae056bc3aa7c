import { Box, Button, Card, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CameraIcon, UploadIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { HttpError } from '../../../lib/api';
import type { MessageId } from '../../../i18n/messages';
import { useRecognizeProduct, type RecognitionResult } from '../api/recognize-product';

/** Specification 001 §9: rear camera, ideal 1280×720, JPEG at quality 0.8. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};
export const JPEG_QUALITY = 0.8;

export type RecognizedProduct = NonNullable<RecognitionResult['data']>;

/**
 * "Add Product by Photo": a picture from the camera or a file goes to the
 * server, which reads its barcodes and print (and asks a vision model when one
 * is configured); what it read pre-fills the form, nothing else is invented.
 */
export function PhotoCapture({ onRecognized }: { onRecognized(data: RecognizedProduct): void }) {
  const intl = useIntl();
  const { toast } = useToast();
  const recognize = useRecognizeProduct();
  const video = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);

  // The camera light goes off when the panel closes or the dialog goes away.
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  const stopCamera = () => setStream(null);

  const startCamera = async () => {
    setStarting(true);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      setStream(await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS));
    } catch {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'products.photo.cameraError.title' }),
        description: intl.formatMessage({ id: 'products.photo.cameraError' }),
      });
    } finally {
      setStarting(false);
    }
  };

  const send = (image: Blob) => {
    recognize.mutate(image, {
      onSuccess: (result) => {
        if (result.success && result.data) {
          onRecognized(result.data);
          return;
        }
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'products.photo.failed.title' }),
          description: result.message || intl.formatMessage({ id: 'products.photo.failed' }),
        });
      },
      onError: (error) => {
        // The server read the upload and said why it could not use it (no barcode, not a photo, too big).
        const refused = error instanceof HttpError ? refusalOf(error) : null;
        if (refused) {
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'products.photo.failed.title' }),
            description: intl.formatMessage(refused),
          });
          return;
        }
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'products.photo.error.title' }),
          description: intl.formatMessage({ id: 'products.photo.error' }),
        });
      },
    });
  };

  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        stopCamera();
        send(blob);
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  };

  const busy = recognize.isPending;
  return (
    <Card variant="surface" className="photo-capture">
      <Flex direction="column" gap="3">
        <Text size="2" color="gray">
          <FormattedMessage id="products.photo.hint" />
        </Text>
        {stream ? (
          <>
            <Box className="photo-preview">
              <video
                ref={video}
                autoPlay
                playsInline
                muted
                aria-label={intl.formatMessage({ id: 'products.photo.preview' })}
              />
            </Box>
            <Flex gap="2" wrap="wrap">
              <Button type="button" onClick={capture} disabled={busy}>
                <CameraIcon />
                <FormattedMessage id="products.photo.capture" />
              </Button>
              <Button type="button" variant="soft" color="gray" onClick={stopCamera}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </Flex>
          </>
        ) : (
          <Flex gap="2" wrap="wrap">
            <Button type="button" variant="soft" onClick={() => void startCamera()} loading={starting} disabled={busy}>
              <CameraIcon />
              <FormattedMessage id="products.photo.useCamera" />
            </Button>
            <Button type="button" variant="soft" onClick={() => fileInput.current?.click()} disabled={busy}>
              <UploadIcon />
              <FormattedMessage id="products.photo.upload" />
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-label={intl.formatMessage({ id: 'products.photo.upload' })}
              data-testid="product-photo-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) send(file);
              }}
            />
          </Flex>
        )}
        {busy && (
          <Text size="2" color="gray" role="status">
            <FormattedMessage id="products.photo.processing" />
          </Text>
        )}
      </Flex>
    </Card>
  );
}

/** The message of a refusal the server explains by its code, in the user's language. */
function refusalOf(error: HttpError): { id: MessageId } | null {
  let code: unknown;
  try {
    code = (JSON.parse(error.body) as { code?: unknown }).code;
  } catch {
    return null;
  }
  switch (code) {
    case 'NOTHING_RECOGNISED':
      return { id: 'products.photo.nothingRecognised' };
    case 'UNSUPPORTED_IMAGE':
      return { id: 'products.photo.unsupported' };
    case 'IMAGE_TOO_LARGE':
      return { id: 'products.photo.tooLarge' };
    default:
      return null;
  }
}
