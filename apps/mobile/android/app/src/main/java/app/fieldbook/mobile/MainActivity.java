package app.fieldbook.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
