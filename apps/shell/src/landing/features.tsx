import type { ReactNode } from 'react';
import { CheckSquareOutlined, CompassOutlined, FileTextOutlined, SafetyCertificateOutlined } from '@ant-design/icons';

/** Spec §1: the four feature areas the landing page lists. */
export interface Feature {
  title: string;
  /** The spec's wording. */
  description: string;
  /** One more line on what it means day to day. */
  detail: string;
  icon: ReactNode;
  /** A CSS colour for the icon tile. */
  accent: string;
}

export const FEATURES: Feature[] = [
  {
    title: 'Tasks & Calendar',
    description: 'Task and calendar management with priority systems.',
    detail: 'Plan the day, see what is due and let the important things come first.',
    icon: <CheckSquareOutlined />,
    accent: '#4f46e5',
  },
  {
    title: 'Document Processing',
    description: 'Document processing with AI summarisation.',
    detail: 'Upload a file and get its key points, keywords and a summary in seconds.',
    icon: <FileTextOutlined />,
    accent: '#0ea5e9',
  },
  {
    title: 'Travel Planning',
    description: 'Travel planning: itineraries, budgets, checklists.',
    detail: 'Every trip in one plan, from the first idea to the packing list.',
    icon: <CompassOutlined />,
    accent: '#10b981',
  },
  {
    title: 'Research Hub',
    description: 'Research hub with credibility scoring and source validation.',
    detail: 'Know where each finding comes from and how far you can trust it.',
    icon: <SafetyCertificateOutlined />,
    accent: '#f59e0b',
  },
];
