extension SiriKitDomain {
    /// Searching the user's photos and playing them as a slideshow.
    public static let photos = SiriKitDomain(
        name: "Photos",
        intents: [
            SystemIntent(
                "INSearchForPhotosIntent", "Searches the user's photos by date, place, album, terms, attributes and people.",
                parameters: [
                    SystemParameter("dateCreated", "INDateComponentsRange", title: "date"),
                    SystemParameter("locationCreated", "CLPlacemark", title: "location"),
                    SystemParameter("albumName", "String", title: "album"),
                    SystemParameter("searchTerms", "String", list: true, title: "search term"),
                    SystemParameter("includedAttributes", "INPhotoAttributeOptions", required: true, resolves: false),
                    SystemParameter("excludedAttributes", "INPhotoAttributeOptions", required: true, resolves: false),
                    SystemParameter("peopleInPhoto", "INPerson", list: true, title: "person"),
                    SystemParameter("searchTermsOperator", "INConditionalOperator", required: true,
                                    defaultValue: ".all", resolves: false),
                    SystemParameter("peopleInPhotoOperator", "INConditionalOperator", required: true,
                                    defaultValue: ".all", resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureAppConfigurationRequired"],
                outputs: [SystemProperty("searchResultsCount", "Int")],
                alwaysRestrictedWhileLocked: true),
            SystemIntent(
                "INStartPhotoPlaybackIntent", "Plays the user's photos matching a date, place, album, attributes and people.",
                parameters: [
                    SystemParameter("dateCreated", "INDateComponentsRange", title: "date"),
                    SystemParameter("locationCreated", "CLPlacemark", title: "location"),
                    SystemParameter("albumName", "String", title: "album"),
                    SystemParameter("searchTerms", "String", list: true, resolves: false),
                    SystemParameter("includedAttributes", "INPhotoAttributeOptions", required: true, resolves: false),
                    SystemParameter("excludedAttributes", "INPhotoAttributeOptions", required: true, resolves: false),
                    SystemParameter("peopleInPhoto", "INPerson", list: true, title: "person"),
                    SystemParameter("searchTermsOperator", "INConditionalOperator", required: true,
                                    defaultValue: ".all", resolves: false),
                    SystemParameter("peopleInPhotoOperator", "INConditionalOperator", required: true,
                                    defaultValue: ".all", resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureAppConfigurationRequired"],
                outputs: [SystemProperty("searchResultsCount", "Int")],
                alwaysRestrictedWhileLocked: true),
        ],
        enums: [
            SystemEnum("INConditionalOperator", "How a list of search values combines: all of them, any, or none.",
                       cases: ["all", "any", "none"],
                       hasResolutionResult: false),
        ],
        optionSets: [
            SystemOptionSet("INPhotoAttributeOptions", "Attributes a photo or video may have.",
                            options: ["photo", "video", "GIF", "flash", "landscapeOrientation", "portraitOrientation",
                                      "favorite", "selfie", "frontFacingCamera", "screenshot", "burstPhoto",
                                      "hdrPhoto", "squarePhoto", "panoramaPhoto", "timeLapseVideo", "slowMotionVideo",
                                      "noirFilter", "chromeFilter", "instantFilter", "tonalFilter", "transferFilter",
                                      "monoFilter", "fadeFilter", "processFilter", "portraitPhoto", "livePhoto",
                                      "loopPhoto", "bouncePhoto", "longExposurePhoto"]),
        ])
}
