// `DevelopmentBundles` lives in BundleLayout (a test library uses it without the host's
// database and crypto); the host's modules keep seeing it through this one.
@_exported import BundleLayout
