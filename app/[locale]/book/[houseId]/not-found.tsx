import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { buttonPrimary } from '@/components/ui/styles';

/** An unknown house (or a malformed id) in the booking address. */
export default function BookingNotFound() {
  const t = useTranslations('booking');
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('states.notFoundTitle')}</h1>
      <p>{t('states.notFoundBody')}</p>
      <Link prefetch={false} href="/" className={buttonPrimary}>
        {t('states.toHome')}
      </Link>
    </div>
  );
}
