import { useTranslations } from 'next-intl';
import { NotFoundView } from '@/components/ui/not-found-view';

/** The localized 404 body of a park address the park data does not describe. */
export default function NotFound() {
  const t = useTranslations('parks.notFound');
  return <NotFoundView texts={{ title: t('title'), body: t('body') }} />;
}
