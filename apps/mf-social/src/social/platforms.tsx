/** How each platform is drawn: its icon and brand colour (X's black follows the theme's text colour). */
import type { CSSProperties } from 'react';
import { Tag, theme } from 'antd';
import { FacebookFilled, InstagramOutlined, LinkedinFilled, XOutlined } from '@ant-design/icons';
import type { SocialPlatform } from '@aide/contracts';
import { platformLabel } from './socialView';

const BRAND: Record<SocialPlatform, string | null> = {
  linkedin: '#0a66c2',
  twitter: null,
  facebook: '#1877f2',
  instagram: '#e4405f',
};

/** The platform's colour; X has none of its own (black on light, white on dark). */
export function usePlatformColour(platform: SocialPlatform): string {
  const { token } = theme.useToken();
  return BRAND[platform] ?? token.colorText;
}

export function PlatformIcon({ platform, style }: { platform: SocialPlatform; style?: CSSProperties }) {
  const props = { 'aria-hidden': true, style } as const;
  switch (platform) {
    case 'linkedin':
      return <LinkedinFilled {...props} />;
    case 'twitter':
      return <XOutlined {...props} />;
    case 'facebook':
      return <FacebookFilled {...props} />;
    case 'instagram':
      return <InstagramOutlined {...props} />;
  }
}

/** A post's platform as a tag: its icon in the brand colour and its name. */
export function PlatformTag({ platform }: { platform: SocialPlatform }) {
  const colour = usePlatformColour(platform);
  return (
    <Tag
      icon={<PlatformIcon platform={platform} style={{ color: colour }} />}
      style={{ marginInlineEnd: 0 }}
      data-platform={platform}
    >
      {platformLabel(platform)}
    </Tag>
  );
}
