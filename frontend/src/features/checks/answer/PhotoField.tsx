import { CameraOutlined, CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Progress, Typography, theme } from 'antd';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { uploadPhoto } from './photoUpload';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_ITEM, photoUrl } from './sheetState';
import { TEXTS } from './texts';

const TILE = 88;

interface Upload {
  key: number;
  name: string;
  percent: number;
}

interface Props {
  /** Names the photos of this item for assistive technology, e.g. the question. */
  label: string;
  photoIds: readonly number[];
  required: boolean;
  /** The organization's allowPhotoLibrary: false means the camera only. */
  allowLibrary: boolean;
  disabled: boolean;
  onAdd: (photoId: number) => void;
  onRemove: (photoId: number) => void;
  /** How many uploads of this item are running (the screen waits for them before saving). */
  onBusyChange: (running: number) => void;
  /** How many photos the field takes (an answer's five unless said). */
  max?: number;
}

let nextKey = 0;

/**
 * The photos of one answer: thumbnails (tap for the full picture), a remove button each, and
 * the add button. Without the photo library the file input asks for the camera
 * (`capture="environment"`); with it the phone offers its library too. Each upload shows its
 * progress; a refused one shows the server's reason.
 */
export function PhotoField({
  label,
  photoIds,
  required,
  allowLibrary,
  disabled,
  onAdd,
  onRemove,
  onBusyChange,
  max = MAX_PHOTOS_PER_ITEM,
}: Props) {
  const { token } = theme.useToken();
  const organizationId = useCurrentOrganizationId();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  const reportBusy = useEffectEvent((running: number) => {
    onBusyChange(running);
  });
  useEffect(() => {
    reportBusy(uploads.length);
  }, [uploads.length]);

  const room = max - photoIds.length - uploads.length;

  const start = (files: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      if (file.size > MAX_PHOTO_BYTES) problems.push(`${file.name}: ${TEXTS.tooLarge}`);
      else if (accepted.length >= room) problems.push(`${file.name}: ${TEXTS.tooMany(max)}`);
      else accepted.push(file);
    }
    setErrors(problems);
    for (const file of accepted) {
      const key = ++nextKey;
      setUploads((current) => [...current, { key, name: file.name, percent: 0 }]);
      void uploadPhoto(file, (percent) => {
        setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, percent } : upload)));
      }).then((outcome) => {
        setUploads((current) => current.filter((upload) => upload.key !== key));
        if (outcome.ok) onAdd(outcome.data.photoId);
        else setErrors((current) => [...current, `${file.name}: ${outcome.failure.message}`]);
      });
    }
  };

  const addText = allowLibrary ? TEXTS.addPhoto : TEXTS.takePhoto;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} role="list" aria-label={`${label}の写真`}>
        {photoIds.map((photoId, index) => (
          <div key={photoId} role="listitem" style={{ position: 'relative', width: TILE, height: TILE }}>
            <Image
              src={photoUrl(photoId, organizationId, true)}
              preview={{ src: photoUrl(photoId, organizationId, false) }}
              alt={`写真${index + 1}`}
              width={TILE}
              height={TILE}
              style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
            />
            {!disabled && (
              <Button
                size="small"
                shape="circle"
                danger
                icon={<CloseOutlined />}
                aria-label={`写真${index + 1}を削除`}
                style={{ position: 'absolute', top: -8, right: -8 }}
                onClick={() => {
                  onRemove(photoId);
                }}
              />
            )}
          </div>
        ))}
        {uploads.map((upload) => (
          <Flex
            key={upload.key}
            role="listitem"
            aria-label={`${upload.name}を${TEXTS.uploading}`}
            align="center"
            justify="center"
            style={{ width: TILE, height: TILE, border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadius }}
          >
            <Progress type="circle" percent={upload.percent} size={56} />
          </Flex>
        ))}
        {!disabled && room > 0 && (
          <>
            <Button
              icon={allowLibrary ? <PictureOutlined /> : <CameraOutlined />}
              style={{ width: TILE, height: TILE, flexDirection: 'column', whiteSpace: 'normal', paddingInline: 4 }}
              onClick={() => input.current?.click()}
            >
              {addText}
            </Button>
            <input
              ref={input}
              id={inputId}
              type="file"
              aria-label={`${label}の${addText}`}
              accept="image/*"
              {...(allowLibrary ? { multiple: true } : { capture: 'environment' })}
              style={{ display: 'none' }}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length > 0) start(files);
              }}
            />
          </>
        )}
      </Flex>
      {required && photoIds.length === 0 && uploads.length === 0 && !disabled && (
        <Typography.Text type="secondary">写真を1枚以上添付してください。</Typography.Text>
      )}
      {errors.map((error) => (
        <Typography.Text key={error} type="danger" role="alert">
          {error}
        </Typography.Text>
      ))}
    </Flex>
  );
}
