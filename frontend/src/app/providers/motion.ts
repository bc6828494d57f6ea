import { createContext } from 'react';

/**
 * Whether antd animates (AntdProviders reads it). Component tests turn it off, so a closed dialog
 * leaves the document at once; it lives outside antd so the first chunk can set it without antd.
 */
export const MotionContext = createContext(true);
