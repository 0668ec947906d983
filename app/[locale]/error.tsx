'use client';

import { ErrorView } from '@/components/ui/error-view';

export default ErrorView;
