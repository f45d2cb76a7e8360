extension SiriKitDomain {
    /// Sending and requesting payments between people, and searching the user's accounts.
    public static let payments = SiriKitDomain(
        name: "Payments",
        intents: [
            SystemIntent(
                "INSendPaymentIntent", "Sends money from the user's account to another person.",
                parameters: [
                    SystemParameter("payee", "INPerson", title: "payee",
                                    result: "INSendPaymentPayeeResolutionResult"),
                    SystemParameter("currencyAmount", "INCurrencyAmount", title: "amount",
                                    result: "INSendPaymentCurrencyAmountResolutionResult"),
                    SystemParameter("note", "String", title: "note"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureCredentialsUnverified", "failurePaymentsAmountBelowMinimum",
                                "failurePaymentsAmountAboveMaximum", "failurePaymentsCurrencyUnsupported",
                                "failureInsufficientFunds", "failureNoBankAccount", "failureNotEligible",
                                "failureTermsAndConditionsAcceptanceRequired"],
                outputs: [SystemProperty("paymentRecord", "INPaymentRecord")],
                alwaysRestrictedWhileLocked: true,
                confirmationPrompt: "Ready to send the payment?"),
            SystemIntent(
                "INRequestPaymentIntent", "Asks another person to pay the user.",
                parameters: [
                    SystemParameter("payer", "INPerson", title: "payer",
                                    result: "INRequestPaymentPayerResolutionResult"),
                    SystemParameter("currencyAmount", "INCurrencyAmount", title: "amount",
                                    result: "INRequestPaymentCurrencyAmountResolutionResult"),
                    SystemParameter("note", "String", title: "note"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureCredentialsUnverified", "failurePaymentsAmountBelowMinimum",
                                "failurePaymentsAmountAboveMaximum", "failurePaymentsCurrencyUnsupported",
                                "failureNoBankAccount", "failureNotEligible",
                                "failureTermsAndConditionsAcceptanceRequired"],
                outputs: [SystemProperty("paymentRecord", "INPaymentRecord")],
                alwaysRestrictedWhileLocked: true,
                confirmationPrompt: "Ready to request the payment?"),
            SystemIntent(
                "INSearchForAccountsIntent", "Searches the user's accounts and their balances.",
                parameters: [
                    SystemParameter("accountNickname", "INSpeakableString", title: "account"),
                    SystemParameter("accountType", "INAccountType", required: true, title: "account type"),
                    SystemParameter("organizationName", "INSpeakableString", title: "organization"),
                    SystemParameter("requestedBalanceType", "INBalanceType", required: true, title: "balance type"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureCredentialsUnverified", "failureAccountNotFound",
                                "failureTermsAndConditionsAcceptanceRequired", "failureNotEligible"],
                outputs: [SystemProperty("accounts", "INPaymentAccount", list: true)]),
        ],
        enums: [
            SystemEnum("INPaymentStatus", "Where a payment stands.",
                       cases: ["unknown", "pending", "completed", "canceled", "failed", "unpaid"],
                       summaries: [
                           "pending": "The payment is under way and not settled yet.",
                           "completed": "The payment went through.",
                           "canceled": "The payment was canceled.",
                           "failed": "The payment did not go through.",
                           "unpaid": "The payment is requested but not paid yet.",
                       ]),
            SystemEnum("INPaymentMethodType", "The kind of account or card a payment is made with.",
                       cases: ["unknown", "checking", "savings", "brokerage", "debit", "credit", "prepaid", "store",
                               "applePay"],
                       summaries: [
                           "checking": "A checking account.",
                           "savings": "A savings account.",
                           "brokerage": "A brokerage account.",
                           "debit": "A debit card.",
                           "credit": "A credit card.",
                           "prepaid": "A prepaid card.",
                           "store": "A store card or store credit.",
                           "applePay": "Apple Pay.",
                       ],
                       hasResolutionResult: false),
            SystemEnum("INAccountType", "The kind of a financial account.",
                       cases: ["unknown", "checking", "credit", "debit", "investment", "mortgage", "prepaid", "saving"],
                       summaries: [
                           "checking": "A checking account.",
                           "credit": "A credit account, such as a credit card.",
                           "debit": "A debit account.",
                           "investment": "An investment account.",
                           "mortgage": "A mortgage.",
                           "prepaid": "A prepaid account.",
                           "saving": "A savings account.",
                       ]),
            SystemEnum("INBalanceType", "What a balance counts: money, points or miles.",
                       cases: ["unknown", "money", "points", "miles"],
                       summaries: [
                           "money": "An amount of money, in the balance's currency.",
                           "points": "Reward points.",
                           "miles": "Travel miles.",
                       ]),
        ],
        types: [
            SystemType(
                "INPaymentRecord", "A payment: who pays whom, how much, how, and where it stands.",
                properties: [
                    SystemProperty("payee", "INPerson"),
                    SystemProperty("payer", "INPerson"),
                    SystemProperty("currencyAmount", "INCurrencyAmount"),
                    SystemProperty("paymentMethod", "INPaymentMethod"),
                    SystemProperty("note", "String"),
                    SystemProperty("status", "INPaymentStatus", required: true),
                    SystemProperty("feeAmount", "INCurrencyAmount", defaultValue: "nil"),
                ],
                hasResolutionResult: false),
            SystemType(
                "INPaymentMethod", "The account or card a payment is made with.",
                properties: [
                    SystemProperty("type", "INPaymentMethodType", required: true),
                    SystemProperty("name", "String"),
                    SystemProperty("identificationHint", "String"),
                    SystemProperty("icon", "INImage", crossesBoundary: false),
                ],
                displayProperty: "name"),
            SystemType(
                "INPaymentAccount", "One of the user's financial accounts, with its balances.",
                properties: [
                    SystemProperty("nickname", "INSpeakableString"),
                    SystemProperty("accountNumber", "String"),
                    SystemProperty("accountType", "INAccountType", required: true),
                    SystemProperty("organizationName", "INSpeakableString"),
                    SystemProperty("balance", "INBalanceAmount", defaultValue: "nil"),
                    SystemProperty("secondaryBalance", "INBalanceAmount", defaultValue: "nil"),
                ],
                displayProperty: "nickname",
                initializerLabels: ["accountNumber": "number"]),
            SystemType(
                "INBalanceAmount", "An account balance: an amount of money in a currency, or of points or miles.",
                properties: [
                    SystemProperty("amount", "NSNumber", valueType: "double"),
                    SystemProperty("currencyCode", "String", defaultValue: "nil"),
                    SystemProperty("balanceType", "INBalanceType", required: true, defaultValue: ".money"),
                ],
                hasResolutionResult: false),
        ],
        results: [
            SystemResult(
                "INSendPaymentPayeeResolutionResult", base: "INPersonResolutionResult",
                reasonType: "INSendPaymentPayeeUnsupportedReason",
                reasons: [
                    .init("credentialsUnverified", "The payee's credentials could not be verified."),
                    .init("insufficientFunds", "The account does not have enough money for this payment."),
                    .init("noAccount", "The payee has no account with this app."),
                    .init("noValidHandle", "The payee has no valid handle."),
                ]),
            SystemResult(
                "INSendPaymentCurrencyAmountResolutionResult", base: "INCurrencyAmountResolutionResult",
                reasonType: "INSendPaymentCurrencyAmountUnsupportedReason",
                reasons: [
                    .init("paymentsAmountBelowMinimum", "The amount is below the minimum payment."),
                    .init("paymentsAmountAboveMaximum", "The amount is above the maximum payment."),
                    .init("paymentsCurrencyUnsupported", "Payments in this currency are not supported."),
                ]),
            SystemResult(
                "INRequestPaymentPayerResolutionResult", base: "INPersonResolutionResult",
                reasonType: "INRequestPaymentPayerUnsupportedReason",
                reasons: [
                    .init("credentialsUnverified", "The payer's credentials could not be verified."),
                    .init("noAccount", "The payer has no account with this app."),
                    .init("noValidHandle", "The payer has no valid handle."),
                ]),
            SystemResult(
                "INRequestPaymentCurrencyAmountResolutionResult", base: "INCurrencyAmountResolutionResult",
                reasonType: "INRequestPaymentCurrencyAmountUnsupportedReason",
                reasons: [
                    .init("paymentsAmountBelowMinimum", "The amount is below the minimum request."),
                    .init("paymentsAmountAboveMaximum", "The amount is above the maximum request."),
                    .init("paymentsCurrencyUnsupported", "Requests in this currency are not supported."),
                ]),
        ],
        otherIntents: [
            SystemIntentPolicy("INTransferMoneyIntent", alwaysRestrictedWhileLocked: true,
                               confirmationPrompt: "Ready to transfer the money?"),
            SystemIntentPolicy("INSearchForBillsIntent", alwaysRestrictedWhileLocked: true),
            SystemIntentPolicy("INPayBillIntent", confirmationPrompt: "Ready to pay the bill?"),
        ])
}
