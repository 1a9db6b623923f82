import { legalConstants } from '@/config/legal';
import { language } from '@/i18n/language';
import { privacyPolicyTextEn } from '@/i18n/legal-en';
import { privacyPolicyText } from '@/i18n/legal-zh-HK';
import { LegalDocument } from '../components/LegalDocument';

/** /privacy: the policy in the page's language (the Chinese prevails, as both versions say). */
export function PrivacyPage() {
  const text = language() === 'en' ? privacyPolicyTextEn : privacyPolicyText;
  return <LegalDocument document={text(legalConstants)} />;
}
