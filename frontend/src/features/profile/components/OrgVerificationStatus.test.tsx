import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderRoute, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { OrgVerificationStatus } from './OrgVerificationStatus';

const org = {
  id: '00000000-0000-4000-8000-00000000cccc',
  userId: 1003,
  role: 'user',
  accountType: 'student',
  isTutor: false,
  isTutorProfileActive: false,
  name: '明德教育',
  phone: '+85263456789',
  email: 'info@mingtak.example.com',
  birthdate: '1990-01-01',
  userType: 'organization',
  orgVerification: 'pending',
  createdAt: '2026-11-01T00:00:00Z',
};

beforeAll(stubResizeObserver);

describe('OrgVerificationStatus', () => {
  it('tells a pending organization that its documents are being checked', async () => {
    renderWithProviders(<OrgVerificationStatus user={{ userType: 'organization', orgVerification: 'pending' }} />);
    expect(await screen.findByText('機構認證：審批中')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('結果會以短訊通知你');
  });

  it('shows a verified organization as verified', async () => {
    renderWithProviders(<OrgVerificationStatus user={{ userType: 'organization', orgVerification: 'verified' }} />);
    expect(await screen.findByText('機構認證：已認證')).toBeInTheDocument();
    expect(screen.queryByText(/原因/)).not.toBeInTheDocument();
  });

  it('shows nothing for an individual', async () => {
    renderWithProviders(
      <>
        <OrgVerificationStatus user={{ userType: 'individual' }} />
        <p>rendered</p>
      </>,
    );
    expect(await screen.findByText('rendered')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a rejected organization the reason on /edit-profile', async () => {
    localStorage.setItem('authToken', 'token');
    const rejected = { ...org, orgVerification: 'rejected', orgRejectionReason: '地址證明不清晰' };
    server.use(
      http.get('*/users/me', () => HttpResponse.json(rejected)),
      http.get('*/self-users/me', () => HttpResponse.json(rejected)),
    );
    renderRoute('/edit-profile');
    expect(await screen.findByText('機構認證：未獲認證')).toBeInTheDocument();
    const status = screen.getByRole('status', { name: '機構認證：未獲認證' });
    expect(status).toHaveTextContent('原因：地址證明不清晰');
    expect(status).toHaveTextContent('如有查詢，請聯絡 tutorhub 客戶服務。');
    expect(screen.getByRole('textbox', { name: '名稱' })).toHaveValue('明德教育');
  });
});
