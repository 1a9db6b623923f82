/** The profile area's strings in English: the edit-profile screen and an organisation's verification status. */
import type { Catalogue } from './catalogue-type';
import type { profileZhHK } from './profile-zh-HK';

export const profileEn: Catalogue<typeof profileZhHK> = {
  invitations: {
    title: 'Case invitations',
    label: 'Let students, parents and organisations invite me to apply for cases',
    hint: "When this is on, students, parents or tutoring organisations who post a case can invite you to apply if your subjects fit. We'll let you know by SMS (at most 5 invitations a day). Whether to apply is up to you.",
    saveFailed: "Couldn't update the setting. Please try again later.",
  },
  edit: {
    title: 'Edit profile',
    intro: 'Update your name and phone number.',
    name: 'Name',
    nameHint: 'English letters or Chinese characters only: up to 6 Chinese characters or 12 English letters',
    phone: 'Phone number',
    nameRequired: 'Please fill in your name',
    phoneRequired: 'Please fill in your phone number',
    phoneChangedNote: 'To change your phone number, verify the new one by SMS first.',
    verifyFirst: 'Please verify your phone number before saving',
    phoneTaken: 'This phone number is already in use. Please use another one',
    avatar: 'Profile photo',
    avatarHint: 'Tutors only: a JPEG, PNG or WebP image, 5 MB at most',
    save: 'Save',
    saving: 'Saving…',
    success: 'Profile updated',
    failed: "Couldn't update your profile. Please try again later",
    loadFailed: "Couldn't load your details",
  },
  orgVerification: {
    heading: (status: string) => `Organisation verification: ${status}`,
    pending: {
      status: 'Under review',
      body: "We're checking the business registration certificate and proof of address you uploaded, and will let you know the result by SMS.",
    },
    verified: {
      status: 'Verified',
      body: 'Your organisation account is verified.',
    },
    rejected: {
      status: 'Not verified',
      body: "Your organisation account couldn't be verified.",
      reason: (reason: string) => `Reason: ${reason}`,
      help: 'You can send new documents below. If you have any questions, please contact tutorhub customer service.',
    },
    resubmit: {
      title: 'Send new documents',
      intro:
        "Upload clear new documents, just the one or two that need replacing. Once you send them, we'll review your organisation account again.",
      submit: 'Send new documents',
      submitting: 'Sending…',
      atLeastOne: 'Upload at least one new document',
      failed: "Couldn't send the documents. Please try again later",
      done: "We've received your new documents. We'll review them and let you know the result by SMS.",
    },
  },
};
