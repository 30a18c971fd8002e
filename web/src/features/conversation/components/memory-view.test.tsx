import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { makePin } from '../../../../test/pins.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { reactionsAfter } from '../lib/reactions.ts';
import { MemoryView } from './memory-view.tsx';

const ana = { _id: 'u2', username: 'ana', profilePicture: '/media/ana.webp' };
const comment = (id: string, text: string, author = ana) => ({ id, pinId: 'p1', author, text, createdAt: '2026-05-01T10:00:00.000Z', editedAt: null });

describe("A memory's screen", () => {
  it('shows the memory, its reactions and its thread; a reaction shows at once and the server’s counts follow', async () => {
    signedIn();
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'GET /api/pins/p1': { body: makePin({ id: 'p1', title: 'Lake day', commentCount: 1, reactions: { counts: { '🔥': 2 }, mine: null } }) },
      'GET /api/pins/p1/comments': { body: [comment('c1', 'So cold!')] },
      'PUT /api/pins/p1/reaction': async () => {
        await answered;
        return { body: { pinId: 'p1', commentCount: 1, reactions: { counts: { '🔥': 2, '❤️': 1 }, mine: '❤️' } } };
      },
    });
    renderWithProviders(<MemoryView id="p1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lake day' })).toBeInTheDocument();
    const thread = await screen.findByRole('list', { name: 'Comments' });
    expect(within(thread).getByText('So cold!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fire, 2' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByRole('button', { name: 'Love, 0' }));
    // Before the server answers.
    expect(screen.getByRole('button', { name: 'Love, 1, yours' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ emoji: '❤️' });
    await act(async () => release());
    expect(await screen.findByRole('button', { name: 'Love, 1, yours' })).toBeInTheDocument();
  });

  it('shows a comment as it is sent, and one the server refuses with its reason, to retry or discard', async () => {
    signedIn();
    mockApi({
      'GET /api/pins/p1': { body: makePin({ id: 'p1', title: 'Lake day' }) },
      'GET /api/pins/p1/comments': { body: [] },
      'POST /api/pins/p1/comments': [
        { status: 429, body: { error: 'You can comment at most 30 times a minute. Please try again in 40 seconds.' } },
        { status: 201, body: comment('c9', 'Lovely', { _id: 'me', username: 'me', profilePicture: '' }) },
      ],
    });
    renderWithProviders(<MemoryView id="p1" />);
    expect(await screen.findByText('No comments yet. Say something nice.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: '  Lovely  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // The composer empties at once; the comment waits in the thread.
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can comment at most 30 times a minute.');
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 comment')).toBeInTheDocument();
    expect(screen.queryByText('Not sent')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Comments' })).getByText('Lovely')).toBeInTheDocument();
  });

  it('says so when the memory is not there for this viewer', async () => {
    signedIn();
    mockApi({ 'GET /api/pins/p1': { status: 404, body: { error: 'Memory not found' } }, 'GET /api/pins/p1/comments': { status: 404, body: { error: 'Memory not found' } } });
    renderWithProviders(<MemoryView id="p1" />);
    expect(await screen.findByText('This memory could not be found.')).toBeInTheDocument();
  });
});

describe('reactions before the server answers', () => {
  it('move the viewer’s one reaction from emoji to emoji, and take it back', () => {
    const start = { counts: { '❤️': 2, '🔥': 1 }, mine: '🔥' };
    expect(reactionsAfter(start, '❤️')).toEqual({ counts: { '❤️': 3 }, mine: '❤️' });
    expect(reactionsAfter(start, null)).toEqual({ counts: { '❤️': 2 }, mine: null });
    expect(reactionsAfter({ counts: {}, mine: null }, '😂')).toEqual({ counts: { '😂': 1 }, mine: '😂' });
  });

  it('pages a long thread: the first page, then "Show N more comments" asks the next through its Link', async () => {
    signedIn();
    const api = mockApi({
      'GET /api/pins/p1': { body: makePin({ id: 'p1', title: 'Lake day', commentCount: 3 }) },
      'GET /api/pins/p1/comments': (call) =>
        call.url.includes('after=')
          ? { body: [comment('c3', 'Third')] }
          : { body: [comment('c1', 'First'), comment('c2', 'Second')], headers: { link: '</api/pins/p1/comments?limit=100&after=c2>; rel="next"' } },
    });
    renderWithProviders(<MemoryView id="p1" />);
    const thread = await screen.findByRole('list', { name: 'Comments' });
    expect(within(thread).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('First'), expect.stringContaining('Second')]);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more comment' }));
    expect(await within(thread).findByText('Third')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url).filter((u) => u.includes('/comments'))).toEqual(['/api/pins/p1/comments?limit=100', '/api/pins/p1/comments?limit=100&after=c2']);
    // The whole thread is here: nothing more to ask.
    expect(screen.queryByRole('button', { name: /more comment/ })).toBeNull();
  });
});
