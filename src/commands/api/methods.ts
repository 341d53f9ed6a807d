// The HTTP methods `voicectl api` sends, for its declaration (help, completion) and its run (the check).
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
