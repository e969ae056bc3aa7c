// replaced by the web setup
