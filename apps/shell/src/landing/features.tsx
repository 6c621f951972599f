import type { ReactNode } from 'react';
import { CheckSquareOutlined, CompassOutlined, FileTextOutlined, SafetyCertificateOutlined } from '@ant-design/icons';

/** Spec §1: the four feature areas the landing page lists. */
export interface Feature {
  /** Its texts are `landing.features.<key>.title`, `.description` (the spec's wording) and `.detail` (day to day). */
  key: 'tasks' | 'documents' | 'travel' | 'research';
  icon: ReactNode;
  /** A CSS colour for the icon tile. */
  accent: string;
}

export const FEATURES: Feature[] = [
  { key: 'tasks', icon: <CheckSquareOutlined />, accent: '#4f46e5' },
  { key: 'documents', icon: <FileTextOutlined />, accent: '#0ea5e9' },
  { key: 'travel', icon: <CompassOutlined />, accent: '#10b981' },
  { key: 'research', icon: <SafetyCertificateOutlined />, accent: '#f59e0b' },
];
