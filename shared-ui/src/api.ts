// The API client every app uses: typed from shared-api, with the session's bearer token.
import { createApiClient } from '@patrimonio/shared-api';
import { sessionStore } from './session/store.ts';

export const api = createApiClient({ getAccessToken: () => sessionStore.get().accessToken });
