import { ApiError } from '@aide/api-client';
import { DOCUMENT_MESSAGES } from '@aide/contracts';
import { uploadFailureMessage } from './serverMessage';

const apiError = (status: number, body = '') => new ApiError(status, body, '');

describe('uploadFailureMessage (why one file did not upload)', () => {
  it("says the server's own message when it sent one", () => {
    expect(uploadFailureMessage(apiError(400, JSON.stringify({ message: 'File name is too long' })))).toBe(
      'File name is too long',
    );
  });

  it('explains the statuses an upload meets without a message (a proxy answered)', () => {
    expect(uploadFailureMessage(apiError(403))).toBe(DOCUMENT_MESSAGES.freePlanLimit);
    expect(uploadFailureMessage(apiError(413, '<html>Request Entity Too Large</html>'))).toBe(
      'The file is too large to upload',
    );
    expect(uploadFailureMessage(apiError(415))).toBe(DOCUMENT_MESSAGES.executableRefused);
    expect(uploadFailureMessage(apiError(502))).toBe('The server answered 502: please try again');
    expect(uploadFailureMessage(apiError(409))).toBe('The server answered 409');
  });

  it('says the server could not be reached when the request never got there', () => {
    expect(uploadFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server: check your connection and try again',
    );
  });

  it('passes on any other error as it reads', () => {
    expect(uploadFailureMessage(new Error('Upload aborted'))).toBe('Upload aborted');
    expect(uploadFailureMessage('cancelled')).toBe('cancelled');
  });
});
