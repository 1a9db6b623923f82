import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderRoute, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, rejectedOrganization } from '@/testing/session';
import { OrgVerificationStatus } from './OrgVerificationStatus';

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
    loggedInAs(rejectedOrganization);
    server.use(http.get('*/users/me', () => HttpResponse.json(rejectedOrganization)));
    renderRoute('/edit-profile');
    expect(await screen.findByText('機構認證：未獲認證')).toBeInTheDocument();
    const status = screen.getByRole('status', { name: '機構認證：未獲認證' });
    expect(status).toHaveTextContent('原因：地址證明不清晰');
    expect(status).toHaveTextContent('如有查詢，請聯絡 tutorhub 客戶服務。');
    expect(screen.getByRole('textbox', { name: '名稱' })).toHaveValue('明德教育');
  });
});
