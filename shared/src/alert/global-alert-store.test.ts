import { useGlobalAlertStore } from './global-alert-store';

describe('useGlobalAlertStore', () => {
  afterEach(() => useGlobalAlertStore.getState().clear());

  it('should start with no alert', () => {
    expect(useGlobalAlertStore.getState().alert).toEqual({ type: 'none', title: '', messages: [] });
  });

  it('should show the common error with the incident id', () => {
    useGlobalAlertStore.getState().showIncident('INC-42');
    expect(useGlobalAlertStore.getState().alert).toEqual({
      type: 'error',
      title: 'CommonError.title',
      messages: [{ code: 'CommonError.message', context: { iId: 'INC-42' } }],
    });
  });

  it('should fall back to the internal error text without an incident id', () => {
    useGlobalAlertStore.getState().showIncident();
    expect(useGlobalAlertStore.getState().alert.messages).toEqual([{ code: 'errors.internal' }]);
  });

  it('should clear the alert', () => {
    useGlobalAlertStore.getState().showIncident('INC-1');
    useGlobalAlertStore.getState().clear();
    expect(useGlobalAlertStore.getState().alert.type).toBe('none');
  });
});
