import { Flex, Image, theme } from 'antd';
import { photoUrl } from '@/features/checks/status/api';

interface Props {
  photoIds: readonly number[];
  organizationId: number;
  /** Names the photos for assistive technology: "{label}の写真1", … */
  label: string;
  size?: number;
}

/** Stored photos as thumbnails; a tap opens the full pictures, one group to page through. */
export function PhotoStrip({ photoIds, organizationId, label, size = 96 }: Props) {
  const { token } = theme.useToken();
  if (photoIds.length === 0) return null;
  return (
    <Flex gap="small" wrap style={{ marginTop: 8 }}>
      <Image.PreviewGroup>
        {photoIds.map((photoId, index) => (
          <Image
            key={photoId}
            src={photoUrl(photoId, organizationId, true)}
            preview={{ src: photoUrl(photoId, organizationId, false) }}
            alt={`${label}の写真${index + 1}`}
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
          />
        ))}
      </Image.PreviewGroup>
    </Flex>
  );
}
