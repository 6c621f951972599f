import { endpoint } from '../endpoint';
import { profileSchema, updateProfileSchema } from '../profile';

export const profileEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/profile',
    response: profileSchema,
    summary: "The signed-in user's profile; the spec's defaults for preferences never saved",
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/profile',
    body: updateProfileSchema,
    response: profileSchema,
    // The user too: the sidebar shows the name.
    invalidates: ['/api/profile', '/api/auth/user'],
    summary: 'The whole profile after the change',
  }),
};
